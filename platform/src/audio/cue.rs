//! The sounds the game can play, by what they mean. A [`Cue`] is what a
//! screen emits (see `screens::cues`); its sound is [`super::synth`]'s job.
//! Each cue declares its length, which the rendered sound matches exactly,
//! and its peak level, so the mix of cues stays balanced.

/// One sound effect, named for what it tells the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cue {
    /// A hero walks (or steps up).
    Step,
    /// A hero climbs a rope.
    Climb,
    /// Something lands after a fall.
    Land,
    /// A rope is let down.
    RopeDeploy,
    /// A rope is pulled up or paid out: a creak.
    Hoist,
    /// A hero takes something (an item, a rope back).
    PickUp,
    /// Something is set down, put in or tied on.
    SetDown,
    /// The sorceress carries an item through the air.
    Levitate,
    /// A hero leaves the level empty-handed.
    Leave,
    /// A relic leaves the level: a chime.
    RelicOut,
    /// The round ends.
    EndTurn,
    /// A watcher caught a hero.
    Alarm,
    /// A step undone: a soft rewind, falling.
    Undo,
    /// A step redone: a soft rewind, rising.
    Redo,
    /// Back to the start (undoable).
    Restart,
    /// A menu's selection changed: a quiet tick.
    MenuMove,
    /// A menu entry chosen.
    MenuChoose,
    /// Every hero has left: a short fanfare.
    LevelCleared,
    /// The game said no (a refused action, nothing to undo).
    Refused,
}

impl Cue {
    /// Every cue, in declaration order ([`Cue::index`] is the position).
    pub const ALL: [Cue; 19] = [
        Cue::Step,
        Cue::Climb,
        Cue::Land,
        Cue::RopeDeploy,
        Cue::Hoist,
        Cue::PickUp,
        Cue::SetDown,
        Cue::Levitate,
        Cue::Leave,
        Cue::RelicOut,
        Cue::EndTurn,
        Cue::Alarm,
        Cue::Undo,
        Cue::Redo,
        Cue::Restart,
        Cue::MenuMove,
        Cue::MenuChoose,
        Cue::LevelCleared,
        Cue::Refused,
    ];

    /// Position in [`Cue::ALL`] (a cache slot).
    pub fn index(self) -> usize {
        self as usize
    }

    /// How long the sound lasts, in seconds (50 to 600 ms).
    pub fn duration_s(self) -> f32 {
        match self {
            Cue::Step => 0.11,
            Cue::Climb => 0.20,
            Cue::Land => 0.16,
            Cue::RopeDeploy => 0.45,
            Cue::Hoist => 0.50,
            Cue::PickUp => 0.14,
            Cue::SetDown => 0.16,
            Cue::Levitate => 0.50,
            Cue::Leave => 0.35,
            Cue::RelicOut => 0.60,
            Cue::EndTurn => 0.30,
            Cue::Alarm => 0.60,
            Cue::Undo | Cue::Redo => 0.24,
            Cue::Restart => 0.45,
            Cue::MenuMove => 0.05,
            Cue::MenuChoose => 0.18,
            Cue::LevelCleared => 0.60,
            Cue::Refused => 0.16,
        }
    }

    /// The sound's length in samples at `rate_hz`.
    pub fn len_samples(self, rate_hz: u32) -> usize {
        (self.duration_s() * rate_hz as f32).round() as usize
    }

    /// The sound's peak amplitude (of full scale 1.0), before the volume:
    /// quiet for the frequent and the small, more for the sparse ones (a
    /// creak, a thud, the fanfare); the alarm, sustained, is the loudest
    /// heard. Every one leaves headroom below the mixer's limiter.
    pub fn peak(self) -> f32 {
        match self {
            Cue::MenuMove => 0.12,
            Cue::EndTurn | Cue::Levitate => 0.22,
            Cue::MenuChoose | Cue::Refused | Cue::Undo | Cue::Redo => 0.25,
            Cue::Leave | Cue::Restart => 0.28,
            Cue::Step | Cue::PickUp | Cue::SetDown | Cue::Alarm => 0.30,
            Cue::Climb | Cue::RopeDeploy => 0.32,
            Cue::RelicOut => 0.35,
            Cue::Hoist | Cue::Land | Cue::LevelCleared => 0.40,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_is_listed_once_at_its_index_and_lasts_50_to_600_ms() {
        for (i, cue) in Cue::ALL.iter().enumerate() {
            assert_eq!(cue.index(), i, "{cue:?}");
            let d = cue.duration_s();
            assert!((0.05..=0.6).contains(&d), "{cue:?}: {d} s");
            assert!(cue.peak() > 0.0 && cue.peak() <= 0.5, "{cue:?}");
        }
        assert_eq!(Cue::MenuMove.len_samples(48_000), 2_400);
        assert_eq!(Cue::Step.len_samples(44_100), 4_851);
    }
}
