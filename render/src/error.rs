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
        /// Its role, e.g. "font" or "sprite atlas image".
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        message: String,
    },
    /// A font file was read but is not a usable TrueType/OpenType font.
    BadFont {
        /// The font file.
        path: PathBuf,
        /// What the font parser said.
        message: String,
    },
    /// An image file is not a decodable PNG.
    BadImage {
        /// The image file.
        path: PathBuf,
        /// What the decoder said.
        message: String,
    },
    /// Atlas metadata is malformed or disagrees with its image.
    BadAtlas {
        /// The metadata file.
        path: PathBuf,
        /// 1-based line of the problem, 0 when it is not about one line.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// Sprites could not be packed (too large for the biggest atlas).
    Pack {
        /// Which sprites do not fit, and in what.
        message: String,
    },
    /// A shader failed to compile or link; `log` is the driver's message.
    Shader {
        /// Which: `"vertex"`, `"fragment"` or `"linked"`.
        stage: &'static str,
        /// The driver's message.
        log: String,
    },
    /// A GL object could not be created.
    Gl {
        /// The object, as in "OpenGL could not create a shader".
        what: &'static str,
    },
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
