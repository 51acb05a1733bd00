//! Gamepads (SDL's GameController): every one plugged in at start is
//! opened, and each one plugged in later when SDL says so. What their
//! buttons mean is `screens/input/sdl.rs`'s.
use log::{info, warn};
use sdl2::controller::GameController;
use sdl2::GameControllerSubsystem;

/// The open gamepads.
pub struct Pads {
    /// `None`: SDL has no gamepad support here (said once in the log).
    subsystem: Option<GameControllerSubsystem>,
    open: Vec<GameController>,
}

impl Pads {
    /// Opens every gamepad plugged in now.
    pub fn open_all(sdl: &sdl2::Sdl) -> Pads {
        let subsystem = match sdl.game_controller() {
            Ok(c) => Some(c),
            Err(e) => {
                warn!("no gamepad support: {e}");
                None
            }
        };
        let mut pads = Pads {
            subsystem,
            open: Vec::new(),
        };
        let count = pads.subsystem.as_ref().and_then(|c| c.num_joysticks().ok());
        for which in 0..count.unwrap_or(0) {
            if pads
                .subsystem
                .as_ref()
                .is_some_and(|c| c.is_game_controller(which))
            {
                pads.plugged(which);
            }
        }
        pads
    }

    /// Opens the gamepad SDL numbers `which` (plugged in now).
    pub fn plugged(&mut self, which: u32) {
        let Some(c) = &self.subsystem else { return };
        match c.open(which) {
            Ok(pad) => {
                info!("gamepad: {}", pad.name());
                self.open.push(pad);
            }
            Err(e) => warn!("cannot open gamepad {which}: {e}"),
        }
    }
}
