//! The render crate's one error type: loading fonts and atlases, packing, and
//! setting up GL. Every message names the file (or shader stage) and says what
//! was expected, so a player can act on one line.
use std::fmt;
use std::path::PathBuf;

/// Something the renderer could not load, pack or set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// A file could not be read. `what` names its role ("font", "sprite atlas image").
    Read {
        what: &'static str,
        path: PathBuf,
        message: String,
    },
    /// A font file was read but is not a usable TrueType/OpenType font.
    BadFont { path: PathBuf, message: String },
    /// An image file is not a decodable PNG.
    BadImage { path: PathBuf, message: String },
    /// Atlas metadata is malformed or disagrees with its image.
    BadAtlas {
        path: PathBuf,
        /// 1-based line of the problem, 0 when it is not about one line.
        line: usize,
        message: String,
    },
    /// Sprites could not be packed (too large for the biggest atlas).
    Pack { message: String },
    /// A shader failed to compile or link; `log` is the driver's message.
    Shader { stage: &'static str, log: String },
    /// A GL object could not be created.
    Gl { what: &'static str },
}

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RenderError::Read {
                what,
                path,
                message,
            } => write!(f, "cannot load {what} {}: {message}", path.display()),
            RenderError::BadFont { path, message } => write!(
                f,
                "cannot load font {}: not a TrueType/OpenType font ({message})",
                path.display()
            ),
            RenderError::BadImage { path, message } => write!(
                f,
                "cannot load image {}: expected a PNG ({message})",
                path.display()
            ),
            RenderError::BadAtlas {
                path,
                line: 0,
                message,
            } => write!(f, "cannot load sprite atlas {}: {message}", path.display()),
            RenderError::BadAtlas {
                path,
                line,
                message,
            } => write!(
                f,
                "cannot load sprite atlas {} line {line}: {message}",
                path.display()
            ),
            RenderError::Pack { message } => write!(f, "cannot pack sprites: {message}"),
            RenderError::Shader { stage, log } => {
                write!(f, "the {stage} shader failed: {}", log.trim())
            }
            RenderError::Gl { what } => write!(f, "OpenGL could not create {what}"),
        }
    }
}

impl std::error::Error for RenderError {}
