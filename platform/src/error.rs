//! The platform crate's one error type: everything that can go wrong between
//! the operating system and the game loop, each with enough context to act on.
use std::fmt;
use std::path::PathBuf;

#[derive(Debug)]
pub enum PlatformError {
    /// SDL refused to start a subsystem or create the window/context.
    Sdl { what: &'static str, message: String },
    /// A screenshot could not be written.
    Screenshot { path: PathBuf, message: String },
    /// A font, atlas or shader could not be loaded or set up (the message
    /// names the file).
    Render(render::RenderError),
    /// A level (or a `--script` file) could not be read or started.
    Level { path: PathBuf, message: String },
    /// `--edit`: the file is not a level the editor can open.
    Edit { path: PathBuf, message: String },
}

impl fmt::Display for PlatformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlatformError::Sdl { what, message } => write!(f, "could not {what}: {message}"),
            PlatformError::Screenshot { path, message } => {
                write!(f, "cannot write screenshot {}: {message}", path.display())
            }
            PlatformError::Render(e) => write!(f, "{e}"),
            PlatformError::Level { path, message } => {
                write!(f, "cannot play {}: {message}", path.display())
            }
            PlatformError::Edit { path, message } => {
                write!(f, "cannot edit {}: {message}", path.display())
            }
        }
    }
}

impl std::error::Error for PlatformError {}

impl From<render::RenderError> for PlatformError {
    fn from(e: render::RenderError) -> PlatformError {
        PlatformError::Render(e)
    }
}
