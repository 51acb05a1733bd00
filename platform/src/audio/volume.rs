//! The player's sound setting: a volume in tenths and a mute switch. The
//! Options screen steps it (10 % a press), the Mute action (M by default)
//! toggles mute, the main loop hands it to the mixer, and the settings
//! file keeps it (as `level()` and `muted`). Tenths keep it `Eq` and make
//! every shown value exact.

/// Volume 0 to 100 % in 10 % steps, and whether the sound is off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Volume {
    /// 0 (silent) to 10 (full).
    tenths: u8,
    pub muted: bool,
}

impl Default for Volume {
    /// 80 %, on.
    fn default() -> Volume {
        Volume {
            tenths: 8,
            muted: false,
        }
    }
}

impl Volume {
    /// `level` (0.0 to 1.0, rounded to the nearest tenth; anything else,
    /// NaN included, is clamped or taken as the default) and `muted`.
    pub fn new(level: f32, muted: bool) -> Volume {
        let tenths = if level.is_nan() {
            Volume::default().tenths
        } else {
            (level.clamp(0.0, 1.0) * 10.0).round() as u8
        };
        Volume { tenths, muted }
    }

    /// The volume from 0.0 to 1.0 (whether muted or not).
    pub fn level(self) -> f32 {
        f32::from(self.tenths) / 10.0
    }

    /// In percent, 0 to 100.
    pub fn percent(self) -> u32 {
        u32::from(self.tenths) * 10
    }

    /// 10 % louder, up to 100 %.
    pub fn louder(self) -> Volume {
        Volume {
            tenths: (self.tenths + 1).min(10),
            ..self
        }
    }

    /// 10 % quieter, down to 0 %.
    pub fn quieter(self) -> Volume {
        Volume {
            tenths: self.tenths.saturating_sub(1),
            ..self
        }
    }

    /// Sound on ↔ off, the volume kept.
    pub fn toggled(self) -> Volume {
        Volume {
            muted: !self.muted,
            ..self
        }
    }

    /// Whether anything is heard: not muted and above 0 %.
    pub fn audible(self) -> bool {
        !self.muted && self.tenths > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_tenths_clamped_at_both_ends() {
        let v = Volume::default();
        assert_eq!((v.percent(), v.muted), (80, false));
        assert_eq!(v.louder().louder().louder().percent(), 100);
        let mut q = v;
        for _ in 0..12 {
            q = q.quieter();
        }
        assert_eq!(q.percent(), 0);
        assert!(!q.audible());
        assert_eq!(Volume::new(0.34, false).percent(), 30);
        assert_eq!(Volume::new(7.0, true), Volume::new(1.0, true));
        assert_eq!(Volume::new(f32::NAN, false), Volume::default());
        assert_eq!(Volume::new(-1.0, false).level(), 0.0);
        let m = v.toggled();
        assert!(m.muted && !m.audible() && m.percent() == 80);
        assert_eq!(m.toggled(), v);
    }
}
