//! One patch per [`Cue`]: how each sound is made from the synthesiser's
//! parts (`dsp`): tones, noise bursts, strikes and bells placed in time.
use super::cue::Cue;
use super::dsp::{pluck, Env, Filter, Noise, Sound, Tone, Wave};

/// Adds `cue`'s parts to `s`.
pub(super) fn play(cue: Cue, s: &mut Sound) {
    match cue {
        Cue::Step => step(s),
        Cue::Climb => climb(s),
        Cue::Land => land(s),
        Cue::RopeDeploy => rope_deploy(s),
        Cue::Hoist => hoist(s),
        Cue::PickUp => pick_up(s),
        Cue::SetDown => set_down(s),
        Cue::Levitate => levitate(s),
        Cue::Leave => leave(s),
        Cue::RelicOut => relic_out(s),
        Cue::EndTurn => end_turn(s),
        Cue::Alarm => alarm(s),
        Cue::Undo => rewind(s, false),
        Cue::Redo => rewind(s, true),
        Cue::Restart => restart(s),
        Cue::MenuMove => menu_move(s),
        Cue::MenuChoose => menu_choose(s),
        Cue::LevelCleared => level_cleared(s),
        Cue::Refused => refused(s),
    }
}

/// Soft stone underfoot: a low-passed scuff and a thump falling an octave.
fn step(s: &mut Sound) {
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.11,
        from_hz: 900.0,
        to_hz: 600.0,
        damping: 1.0,
        filter: Filter::Low,
        env: pluck(0.002, 0.018),
        amp: 1.0,
    });
    s.tone(Tone::new(0.0, 0.11, 140.0, 70.0, Wave::Sine, pluck(0.003, 0.03)).amp(0.8));
}

/// Two hand-over-hand grips on the rope: bright rustles with a slap, the
/// second a little higher.
fn climb(s: &mut Sound) {
    for (k, at) in [0.0f32, 0.085].into_iter().enumerate() {
        let k = k as f32;
        s.noise(Noise {
            start_s: at,
            len_s: 0.1,
            from_hz: 2400.0 + 300.0 * k,
            to_hz: 1800.0 + 300.0 * k,
            damping: 0.7,
            filter: Filter::Band,
            env: pluck(0.004, 0.02),
            amp: 1.0 - 0.2 * k,
        });
        let tone = Tone::new(
            at,
            0.1,
            320.0 + 40.0 * k,
            260.0 + 40.0 * k,
            Wave::Triangle,
            pluck(0.003, 0.025),
        );
        s.tone(tone.amp(0.35));
    }
}

/// A heavier thud than a step: lower, longer.
fn land(s: &mut Sound) {
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.16,
        from_hz: 500.0,
        to_hz: 300.0,
        damping: 1.0,
        filter: Filter::Low,
        env: pluck(0.002, 0.035),
        amp: 1.0,
    });
    s.tone(Tone::new(0.0, 0.16, 95.0, 45.0, Wave::Sine, pluck(0.002, 0.05)).amp(1.2));
}

/// The rope uncoiling down the drop: a ringing whoosh falling from high to
/// low, then the rope's end snapping taut.
fn rope_deploy(s: &mut Sound) {
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.42,
        from_hz: 2600.0,
        to_hz: 350.0,
        damping: 0.3,
        filter: Filter::Band,
        env: pluck(0.06, 0.15),
        amp: 1.0,
    });
    s.tone(Tone::new(0.33, 0.12, 120.0, 70.0, Wave::Sine, pluck(0.003, 0.03)).amp(0.5));
    s.noise(Noise {
        start_s: 0.33,
        len_s: 0.1,
        from_hz: 800.0,
        to_hz: 800.0,
        damping: 1.0,
        filter: Filter::Low,
        env: pluck(0.002, 0.02),
        amp: 0.4,
    });
}

/// A winch's creak: the wood's resonances struck by stick-slip friction,
/// a jittered train of strikes speeding up as the pull goes on.
fn hoist(s: &mut Sound) {
    const LEN_S: f32 = 0.48;
    let modes = [(430.0, 1.0), (690.0, 0.6), (1250.0, 0.25)];
    let env = Env::Swell { power: 0.6 };
    let mut t = 0.01f32;
    while t < LEN_S {
        let u = t / LEN_S;
        let rate_hz = 26.0 * (48.0f32 / 26.0).powf(u);
        let strength = env.at(t, LEN_S) * (0.7 + 0.3 * s.random());
        s.strike(t, &modes, 0.0045, strength);
        t += (0.75 + 0.5 * s.random()) / rate_hz;
    }
    let hum = Tone::new(0.0, LEN_S, 75.0, 82.0, Wave::Soft, env);
    s.tone(hum.amp(0.08));
}

/// Taking something: a quick rising blip with a bright octave.
fn pick_up(s: &mut Sound) {
    s.tone(Tone::new(
        0.0,
        0.14,
        520.0,
        780.0,
        Wave::Triangle,
        pluck(0.004, 0.045),
    ));
    s.tone(Tone::new(0.0, 0.14, 1040.0, 1560.0, Wave::Sine, pluck(0.002, 0.02)).amp(0.25));
}

/// Setting down: a falling blip and a soft knock on the floor.
fn set_down(s: &mut Sound) {
    s.tone(Tone::new(0.0, 0.15, 620.0, 400.0, Wave::Triangle, pluck(0.004, 0.04)).amp(0.9));
    s.tone(Tone::new(0.015, 0.14, 150.0, 90.0, Wave::Sine, pluck(0.002, 0.025)).amp(0.6));
    s.noise(Noise {
        start_s: 0.015,
        len_s: 0.06,
        from_hz: 700.0,
        to_hz: 700.0,
        damping: 1.0,
        filter: Filter::Low,
        env: pluck(0.001, 0.012),
        amp: 0.3,
    });
}

/// Magic: two high wavering sines over a rising glide, swelling.
fn levitate(s: &mut Sound) {
    let swell = |power| Env::Swell { power };
    let e6 = Tone::new(0.0, 0.5, 1318.5, 1318.5, Wave::Sine, swell(1.5));
    s.tone(e6.amp(0.6).vibrato(7.0, 0.012));
    let g6 = Tone::new(0.0, 0.5, 1568.0, 1568.0, Wave::Sine, swell(2.0));
    s.tone(g6.amp(0.4).vibrato(5.5, 0.015));
    s.tone(Tone::new(0.0, 0.5, 660.0, 990.0, Wave::Triangle, swell(1.2)).amp(0.3));
}

/// Out through the entrance: a rising glide on a breath of air.
fn leave(s: &mut Sound) {
    s.tone(Tone::new(
        0.0,
        0.35,
        330.0,
        660.0,
        Wave::Triangle,
        pluck(0.04, 0.12),
    ));
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.3,
        from_hz: 1500.0,
        to_hz: 600.0,
        damping: 0.8,
        filter: Filter::Band,
        env: Env::Swell { power: 1.0 },
        amp: 0.25,
    });
}

/// A relic out of the level: two bells a fifth apart (C6, G6).
fn relic_out(s: &mut Sound) {
    s.bell(0.0, 1046.5, 1.0);
    s.bell(0.09, 1568.0, 0.8);
}

/// The round passes: a wooden knock and a low, short bell (G4).
fn end_turn(s: &mut Sound) {
    s.tone(Tone::new(
        0.0,
        0.3,
        392.0,
        392.0,
        Wave::Sine,
        pluck(0.003, 0.11),
    ));
    s.tone(Tone::new(0.0, 0.3, 784.0, 784.0, Wave::Sine, pluck(0.003, 0.05)).amp(0.3));
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.05,
        from_hz: 1300.0,
        to_hz: 1300.0,
        damping: 0.6,
        filter: Filter::Band,
        env: pluck(0.001, 0.008),
        amp: 0.5,
    });
}

/// Caught: an urgent two-tone call (A5, F5, twice), reedy, each note
/// gated so the changes do not click.
fn alarm(s: &mut Sound) {
    for (k, hz) in [880.0, 698.5, 880.0, 698.5].into_iter().enumerate() {
        let gate = Env::Gate {
            attack_s: 0.006,
            release_s: 0.02,
        };
        s.tone(Tone::new(k as f32 * 0.15, 0.15, hz, hz, Wave::Soft, gate).vibrato(9.0, 0.006));
    }
}

/// Undo and redo: a soft tape rewind. Undo falls an octave and swells in,
/// like a sound played backwards; redo rises and is struck, fading out.
fn rewind(s: &mut Sound, forward: bool) {
    let (from_hz, to_hz, env) = if forward {
        (380.0, 760.0, pluck(0.01, 0.07))
    } else {
        (
            760.0,
            380.0,
            Env::Gate {
                attack_s: 0.16,
                release_s: 0.06,
            },
        )
    };
    s.tone(Tone::new(0.0, 0.24, from_hz, to_hz, Wave::Sine, env));
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.24,
        from_hz: from_hz * 4.0,
        to_hz: to_hz * 4.0,
        damping: 0.9,
        filter: Filter::Band,
        env,
        amp: 0.15,
    });
}

/// Back to the start: a long rewind, two octaves down.
fn restart(s: &mut Sound) {
    let env = Env::Gate {
        attack_s: 0.3,
        release_s: 0.12,
    };
    s.tone(Tone::new(0.0, 0.45, 900.0, 220.0, Wave::Triangle, env));
    s.tone(Tone::new(0.0, 0.45, 1800.0, 440.0, Wave::Sine, env).amp(0.25));
    s.noise(Noise {
        start_s: 0.0,
        len_s: 0.45,
        from_hz: 3000.0,
        to_hz: 800.0,
        damping: 0.9,
        filter: Filter::Band,
        env,
        amp: 0.15,
    });
}

/// A menu's selection moved: a quiet, short tick (C7 over C6).
fn menu_move(s: &mut Sound) {
    s.tone(Tone::new(
        0.0,
        0.05,
        2093.0,
        2093.0,
        Wave::Sine,
        pluck(0.001, 0.009),
    ));
    s.tone(Tone::new(0.0, 0.05, 1046.5, 1046.5, Wave::Sine, pluck(0.001, 0.012)).amp(0.3));
}

/// A menu entry chosen: up a fourth, G5 to C6.
fn menu_choose(s: &mut Sound) {
    s.tone(Tone::new(0.0, 0.09, 784.0, 784.0, Wave::Triangle, pluck(0.003, 0.04)).amp(0.8));
    s.tone(Tone::new(
        0.06,
        0.12,
        1046.5,
        1046.5,
        Wave::Triangle,
        pluck(0.003, 0.05),
    ));
}

/// Level cleared: C major arpeggio up to the octave, each note ringing on.
fn level_cleared(s: &mut Sound) {
    let notes = [(0.0, 523.25), (0.09, 659.25), (0.18, 783.99)];
    for (at, hz) in notes {
        let len = 0.6 - at;
        s.tone(Tone::new(at, len, hz, hz, Wave::Triangle, pluck(0.004, 0.12)).amp(0.7));
        s.tone(Tone::new(at, len, 2.0 * hz, 2.0 * hz, Wave::Sine, pluck(0.003, 0.06)).amp(0.2));
    }
    let (at, hz) = (0.27, 1046.5);
    s.tone(Tone::new(
        at,
        0.6 - at,
        hz,
        hz,
        Wave::Triangle,
        pluck(0.004, 0.2),
    ));
    s.tone(
        Tone::new(
            at,
            0.6 - at,
            2.0 * hz,
            2.0 * hz,
            Wave::Sine,
            pluck(0.003, 0.1),
        )
        .amp(0.3),
    );
}

/// No: a low, muffled double buzz beating against itself, sagging.
fn refused(s: &mut Sound) {
    s.tone(Tone::new(0.0, 0.16, 200.0, 185.0, Wave::Soft, pluck(0.004, 0.05)).amp(0.6));
    s.tone(Tone::new(0.0, 0.16, 210.0, 195.0, Wave::Soft, pluck(0.004, 0.05)).amp(0.6));
}
