//! The platform crate's one error type: everything that can go wrong between
//! the operating system and the game loop, each with enough context to act on.
use std::fmt;
use std::path::PathBuf;

use game::level::LevelError;
use game::stage::StageError;

/// Why a level could not be opened for play or editing: the game's own
/// typed errors, so a screen can tell where the problem is (a
/// `LevelError` carries its file and position).
#[derive(Debug)]
pub enum OpenError {
    /// The file is unreadable or not a level (file:line:col inside).
    Level(LevelError),
    /// The level loads but cannot be set up for play.
    Stage(StageError),
    /// Anything else, in words (a bad script line, a bad file name).
    Other(String),
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Level(e) => write!(f, "{e}"),
            OpenError::Stage(e) => write!(f, "{e}"),
            OpenError::Other(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for OpenError {}

impl From<LevelError> for OpenError {
    fn from(e: LevelError) -> OpenError {
        OpenError::Level(e)
    }
}

impl From<StageError> for OpenError {
    fn from(e: StageError) -> OpenError {
        OpenError::Stage(e)
    }
}

impl From<String> for OpenError {
    fn from(m: String) -> OpenError {
        OpenError::Other(m)
    }
}

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
    Level { path: PathBuf, error: OpenError },
    /// `--edit`: the file is not a level the editor can open.
    Edit { path: PathBuf, error: OpenError },
}

impl fmt::Display for PlatformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlatformError::Sdl { what, message } => write!(f, "could not {what}: {message}"),
            PlatformError::Screenshot { path, message } => {
                write!(f, "cannot write screenshot {}: {message}", path.display())
            }
            PlatformError::Render(e) => write!(f, "{e}"),
            PlatformError::Level { path, error } => {
                write!(f, "cannot play {}: {error}", path.display())
            }
            PlatformError::Edit { path, error } => {
                write!(f, "cannot edit {}: {error}", path.display())
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
