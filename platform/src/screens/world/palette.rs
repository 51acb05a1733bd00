//! The colours that carry meaning, in one place, and the palette the
//! player chooses for them (`docs/PLAYING.md`, "Options"): what a
//! watcher will see (danger), a fall, a walk's path, a refusal, a
//! watcher's route and next step, its glare at a hero it caught, a caught
//! hero, the message of a lost level.
//!
//! [`Palette::Standard`] is the game's own look: danger, falls, glares
//! and refusals in reds. [`Palette::ColourBlind`] is safe for
//! protanopia, deuteranopia and tritanopia, from Okabe and Ito's palette:
//! what watchers see in vermillion (`#D55E00`), falls in sky blue
//! (`#56B4E9`), routes in orange (`#E69F00`), paths in the game's gold.
//! The tests simulate each colour blindness (Machado, Oliveira and
//! Fernandes 2009, full severity) and hold danger and a fall, and a walk
//! and a fall, apart by a colour difference (CIE76 ΔE) in this palette.
//!
//! Colour is never the only difference, in either palette: a watched cell
//! is hatched and carries an eye (`draw/watched.rs`), a fall's path is
//! dashed and its landing ring dotted while a walk's are solid
//! (`play::preview`), a refusal is a cross, a caught hero wears a "!".
//!
//! Everything that draws one of these meanings takes the palette from
//! what it draws (the world's [`super::Scene`], the play screen, the
//! editor); [`crate::screens::Screens::set_palette`] changes it at once.
use render::{hex, Rgba};

use crate::screens::theme::GOLD;

/// The palette the player chooses (a setting: `palette standard` or
/// `palette colour-blind`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Palette {
    /// The game's own colours.
    #[default]
    Standard,
    /// Safe for red-green (protan, deutan) and blue-yellow (tritan)
    /// colour blindness.
    ColourBlind,
}

impl Palette {
    /// Every palette, in the order a menu lists them.
    pub const ALL: [Palette; 2] = [Palette::Standard, Palette::ColourBlind];

    /// Its name in the settings file and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Palette::Standard => "standard",
            Palette::ColourBlind => "colour-blind",
        }
    }

    /// The palette named `name` ([`Palette::name`]), if any.
    pub fn parse(name: &str) -> Option<Palette> {
        Palette::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Its colours.
    pub fn colours(self) -> &'static Colours {
        match self {
            Palette::Standard => &STANDARD,
            Palette::ColourBlind => &COLOUR_BLIND,
        }
    }
}

impl std::fmt::Display for Palette {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The colours of one palette, named for what they mean.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Colours {
    /// A cell a watcher will see at the end of the round: the tint over
    /// it, the stripes of its hatch, and the iris of its eye mark.
    pub danger_tint: Rgba,
    pub danger_hatch: Rgba,
    pub danger_eye: Rgba,
    /// A fall: its dots and landing ring, and the dashes between.
    pub fall: Rgba,
    pub fall_line: Rgba,
    /// A walk, a step up, a climb: its dots and ring, and the line between.
    pub path: Rgba,
    pub path_line: Rgba,
    /// The cross on a cell the rules refuse.
    pub refused: Rgba,
    /// A watcher's route (dots on a lighter line), its next step (an
    /// arrow) and the ring where it will look from.
    pub route: Rgba,
    pub route_line: Rgba,
    pub next_step: Rgba,
    /// The glare of a watcher that caught a hero (a beam, its glow), and
    /// the glow around the screen's edges then.
    pub glare: Rgba,
    pub glare_glow: Rgba,
    /// A caught hero: the tint over its sprite; its outline and "!" badge.
    pub caught_tint: Rgba,
    pub caught: Rgba,
    /// The message of a lost level, and "caught" on a portrait.
    pub lost_text: Rgba,
}

/// The game's own colours.
pub const STANDARD: Colours = Colours {
    danger_tint: [1.0, 0.16, 0.12, 0.30],
    danger_hatch: [1.0, 0.16, 0.12, 0.42],
    danger_eye: hex(0xff3b30),
    fall: hex(0xff5a4a),
    fall_line: [1.0, 0.35, 0.29, 0.7],
    path: GOLD,
    path_line: [0.96, 0.77, 0.26, 0.7],
    refused: hex(0xff5a4a),
    route: hex(0xff9a4d),
    route_line: [1.0, 0.6, 0.3, 0.6],
    next_step: [1.0, 0.32, 0.22, 0.95],
    glare: [1.0, 0.15, 0.1, 1.0],
    glare_glow: [1.0, 0.2, 0.12, 0.35],
    caught_tint: [1.0, 0.42, 0.38, 1.0],
    caught: hex(0xff3b30),
    lost_text: hex(0xff6b5a),
};

/// Okabe and Ito's vermillion, sky blue and orange.
const VERMILLION: Rgba = hex(0xd55e00);
const SKY_BLUE: Rgba = hex(0x56b4e9);
const ORANGE: Rgba = hex(0xe69f00);

/// Safe for protanopia, deuteranopia and tritanopia: danger, glares and
/// catches vermillion, falls sky blue, routes orange, paths gold.
pub const COLOUR_BLIND: Colours = Colours {
    danger_tint: [VERMILLION[0], VERMILLION[1], VERMILLION[2], 0.34],
    danger_hatch: [VERMILLION[0], VERMILLION[1], VERMILLION[2], 0.55],
    danger_eye: VERMILLION,
    fall: SKY_BLUE,
    fall_line: [SKY_BLUE[0], SKY_BLUE[1], SKY_BLUE[2], 0.8],
    path: GOLD,
    path_line: [0.96, 0.77, 0.26, 0.7],
    refused: VERMILLION,
    route: ORANGE,
    route_line: [ORANGE[0], ORANGE[1], ORANGE[2], 0.6],
    next_step: [VERMILLION[0], VERMILLION[1], VERMILLION[2], 0.95],
    glare: hex(0xf0691a),
    glare_glow: [VERMILLION[0], VERMILLION[1], VERMILLION[2], 0.4],
    caught_tint: [1.0, 0.55, 0.3, 1.0],
    caught: VERMILLION,
    lost_text: hex(0xff9a52),
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::world::draw::FLOOR;

    /// A colour blindness, as Machado, Oliveira and Fernandes (2009)
    /// simulate it at full severity: a matrix over linear RGB.
    #[derive(Clone, Copy, Debug)]
    enum Vision {
        Normal,
        Protanopia,
        Deuteranopia,
        Tritanopia,
    }

    const VISIONS: [Vision; 4] = [
        Vision::Normal,
        Vision::Protanopia,
        Vision::Deuteranopia,
        Vision::Tritanopia,
    ];

    impl Vision {
        fn matrix(self) -> [[f64; 3]; 3] {
            match self {
                Vision::Normal => [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                Vision::Protanopia => [
                    [0.152286, 1.052583, -0.204868],
                    [0.114503, 0.786281, 0.099216],
                    [-0.003882, -0.048116, 1.051998],
                ],
                Vision::Deuteranopia => [
                    [0.367322, 0.860646, -0.227968],
                    [0.280085, 0.672501, 0.047413],
                    [-0.011820, 0.042940, 0.968881],
                ],
                Vision::Tritanopia => [
                    [1.255528, -0.076749, -0.178779],
                    [-0.078411, 0.930809, 0.147602],
                    [0.004733, 0.691367, 0.303900],
                ],
            }
        }

        /// `c` (sRGB, opaque) as seen with this vision, in linear RGB.
        fn sees(self, c: Rgba) -> [f64; 3] {
            let lin = |v: f32| {
                let v = f64::from(v);
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            let rgb = [lin(c[0]), lin(c[1]), lin(c[2])];
            self.matrix()
                .map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
        }
    }

    /// Linear RGB → CIELAB (D65).
    fn lab(rgb: [f64; 3]) -> [f64; 3] {
        let [r, g, b] = rgb;
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 216.0 / 24389.0 {
                t.cbrt()
            } else {
                (24389.0 / 27.0 * t + 16.0) / 116.0
            }
        };
        let (fx, fy, fz) = (f(x), f(y), f(z));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    /// The CIE76 colour difference of `a` and `b` as `vision` sees them.
    fn delta_e(vision: Vision, a: Rgba, b: Rgba) -> f64 {
        let (p, q) = (lab(vision.sees(a)), lab(vision.sees(b)));
        ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
    }

    /// `c` drawn over `under` (opaque), as the frame shows it.
    fn over(c: Rgba, under: Rgba) -> Rgba {
        let a = c[3];
        [0, 1, 2, 3].map(|i| {
            if i == 3 {
                1.0
            } else {
                c[i] * a + under[i] * (1.0 - a)
            }
        })
    }

    /// Relative luminance (WCAG) of `c` as `vision` sees it.
    fn luminance(vision: Vision, c: Rgba) -> f64 {
        let [r, g, b] = vision.sees(c);
        0.2126 * r + 0.7152 * g + 0.0722 * b
    }

    /// Colours this far apart (CIE76) are told apart at a glance; 2.3 is
    /// "just noticeable".
    const APART: f64 = 40.0;

    #[test]
    fn in_the_colour_blind_palette_danger_and_a_fall_stay_apart_under_every_colour_blindness() {
        let c = Palette::ColourBlind.colours();
        let floor = FLOOR[0];
        for vision in VISIONS {
            // What the player compares: a watched cell (its hatch over its
            // tint over the floor) and the eye's iris, against a fall's
            // dots and ring over that floor, and a walk's path.
            let watched = over(c.danger_hatch, over(c.danger_tint, floor));
            let fall = c.fall;
            for (what, a, b) in [
                ("a watched cell and a fall", watched, fall),
                ("the eye and a fall", c.danger_eye, fall),
                ("a walk and a fall", c.path, fall),
                ("a fall and the floor", fall, floor),
                (
                    "a fall's line and a watched cell",
                    over(c.fall_line, floor),
                    watched,
                ),
            ] {
                let d = delta_e(vision, a, b);
                assert!(d > APART, "{vision:?}: {what} are {d:.1} apart");
            }
            // The watched cell shows on the floor at all.
            let d = delta_e(vision, watched, floor);
            assert!(
                d > 15.0,
                "{vision:?}: a watched cell is {d:.1} from the floor"
            );
        }
    }

    #[test]
    fn in_the_standard_palette_danger_and_a_fall_share_a_colour_so_shapes_tell_them_apart() {
        // The reason for the hatch, the eye and the dashes: in the game's
        // own reds a deuteranope (and anyone, nearly) sees a watched cell's
        // eye and a fall alike.
        let c = Palette::Standard.colours();
        for vision in [Vision::Normal, Vision::Deuteranopia] {
            let d = delta_e(vision, c.danger_eye, c.fall);
            assert!(d < APART / 2.0, "{vision:?}: {d:.1}");
        }
        let cb = Palette::ColourBlind.colours();
        assert!(
            delta_e(Vision::Deuteranopia, cb.danger_eye, cb.fall)
                > 4.0 * delta_e(Vision::Deuteranopia, c.danger_eye, c.fall)
        );
    }

    #[test]
    fn the_lost_message_reads_on_its_bar_in_every_palette_and_vision() {
        let bar = over(crate::screens::play::hud::BAR, crate::screens::world::DARK);
        for palette in Palette::ALL {
            for vision in VISIONS {
                let (text, back) = (
                    luminance(vision, palette.colours().lost_text),
                    luminance(vision, bar),
                );
                let contrast = (text + 0.05) / (back + 0.05);
                assert!(contrast >= 4.5, "{palette} {vision:?}: {contrast:.1}");
            }
        }
    }

    #[test]
    fn palettes_are_named_as_the_settings_write_them() {
        for p in Palette::ALL {
            assert_eq!(Palette::parse(p.name()), Some(p));
            assert_eq!(p.to_string(), p.name());
        }
        assert_eq!(Palette::parse("colour-blind"), Some(Palette::ColourBlind));
        assert_eq!(Palette::parse("Colour-blind"), None);
        assert_eq!(Palette::parse(""), None);
        assert_eq!(Palette::default(), Palette::Standard);
    }
}
