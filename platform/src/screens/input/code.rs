//! The keys of the keyboard the screens read, by name: the vocabulary
//! of a key chord ([`super::Chord`]), free of SDL. How SDL's keycodes map
//! onto it is `sdl.rs`'s ([`super::code_of`]); scripts and the editor's
//! hotkeys name keys as [`Code::name`] writes them.

/// A key on the keyboard (where it is, not what it types: `Num7` is the
/// 7 above the letters, `Kp7` the keypad's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
    J,
    K,
    L,
    M,
    N,
    O,
    P,
    Q,
    R,
    S,
    T,
    U,
    V,
    W,
    X,
    Y,
    Z,
    Num0,
    Num1,
    Num2,
    Num3,
    Num4,
    Num5,
    Num6,
    Num7,
    Num8,
    Num9,
    Kp0,
    Kp1,
    Kp2,
    Kp3,
    Kp4,
    Kp5,
    Kp6,
    Kp7,
    Kp8,
    Kp9,
    F1,
    F2,
    F3,
    F4,
    F5,
    F6,
    F7,
    F8,
    F9,
    F10,
    F11,
    F12,
    Up,
    Down,
    Left,
    Right,
    Return,
    KpEnter,
    Escape,
    Space,
    Tab,
    Backspace,
    Delete,
    Insert,
    Home,
    End,
    PageUp,
    PageDown,
    Equals,
    Plus,
    Minus,
    KpPlus,
    KpMinus,
    Comma,
    Period,
    LeftBracket,
    RightBracket,
    LShift,
    RShift,
}

impl Code {
    /// Every key, in the order above.
    pub const ALL: [Code; 85] = [
        Code::A,
        Code::B,
        Code::C,
        Code::D,
        Code::E,
        Code::F,
        Code::G,
        Code::H,
        Code::I,
        Code::J,
        Code::K,
        Code::L,
        Code::M,
        Code::N,
        Code::O,
        Code::P,
        Code::Q,
        Code::R,
        Code::S,
        Code::T,
        Code::U,
        Code::V,
        Code::W,
        Code::X,
        Code::Y,
        Code::Z,
        Code::Num0,
        Code::Num1,
        Code::Num2,
        Code::Num3,
        Code::Num4,
        Code::Num5,
        Code::Num6,
        Code::Num7,
        Code::Num8,
        Code::Num9,
        Code::Kp0,
        Code::Kp1,
        Code::Kp2,
        Code::Kp3,
        Code::Kp4,
        Code::Kp5,
        Code::Kp6,
        Code::Kp7,
        Code::Kp8,
        Code::Kp9,
        Code::F1,
        Code::F2,
        Code::F3,
        Code::F4,
        Code::F5,
        Code::F6,
        Code::F7,
        Code::F8,
        Code::F9,
        Code::F10,
        Code::F11,
        Code::F12,
        Code::Up,
        Code::Down,
        Code::Left,
        Code::Right,
        Code::Return,
        Code::KpEnter,
        Code::Escape,
        Code::Space,
        Code::Tab,
        Code::Backspace,
        Code::Delete,
        Code::Insert,
        Code::Home,
        Code::End,
        Code::PageUp,
        Code::PageDown,
        Code::Equals,
        Code::Plus,
        Code::Minus,
        Code::KpPlus,
        Code::KpMinus,
        Code::Comma,
        Code::Period,
        Code::LeftBracket,
        Code::RightBracket,
        Code::LShift,
        Code::RShift,
    ];

    /// Its name in scripts and key lists, lower case: a letter or digit,
    /// `kp1`, `f5`, `enter`, `escape`, `,`, `[`, `lshift`…
    pub fn name(self) -> &'static str {
        match self {
            Code::A => "a",
            Code::B => "b",
            Code::C => "c",
            Code::D => "d",
            Code::E => "e",
            Code::F => "f",
            Code::G => "g",
            Code::H => "h",
            Code::I => "i",
            Code::J => "j",
            Code::K => "k",
            Code::L => "l",
            Code::M => "m",
            Code::N => "n",
            Code::O => "o",
            Code::P => "p",
            Code::Q => "q",
            Code::R => "r",
            Code::S => "s",
            Code::T => "t",
            Code::U => "u",
            Code::V => "v",
            Code::W => "w",
            Code::X => "x",
            Code::Y => "y",
            Code::Z => "z",
            Code::Num0 => "0",
            Code::Num1 => "1",
            Code::Num2 => "2",
            Code::Num3 => "3",
            Code::Num4 => "4",
            Code::Num5 => "5",
            Code::Num6 => "6",
            Code::Num7 => "7",
            Code::Num8 => "8",
            Code::Num9 => "9",
            Code::Kp0 => "kp0",
            Code::Kp1 => "kp1",
            Code::Kp2 => "kp2",
            Code::Kp3 => "kp3",
            Code::Kp4 => "kp4",
            Code::Kp5 => "kp5",
            Code::Kp6 => "kp6",
            Code::Kp7 => "kp7",
            Code::Kp8 => "kp8",
            Code::Kp9 => "kp9",
            Code::F1 => "f1",
            Code::F2 => "f2",
            Code::F3 => "f3",
            Code::F4 => "f4",
            Code::F5 => "f5",
            Code::F6 => "f6",
            Code::F7 => "f7",
            Code::F8 => "f8",
            Code::F9 => "f9",
            Code::F10 => "f10",
            Code::F11 => "f11",
            Code::F12 => "f12",
            Code::Up => "up",
            Code::Down => "down",
            Code::Left => "left",
            Code::Right => "right",
            Code::Return => "enter",
            Code::KpEnter => "kpenter",
            Code::Escape => "escape",
            Code::Space => "space",
            Code::Tab => "tab",
            Code::Backspace => "backspace",
            Code::Delete => "delete",
            Code::Insert => "insert",
            Code::Home => "home",
            Code::End => "end",
            Code::PageUp => "pageup",
            Code::PageDown => "pagedown",
            Code::Equals => "equals",
            Code::Plus => "plus",
            Code::Minus => "minus",
            Code::KpPlus => "kpplus",
            Code::KpMinus => "kpminus",
            Code::Comma => ",",
            Code::Period => ".",
            Code::LeftBracket => "[",
            Code::RightBracket => "]",
            Code::LShift => "lshift",
            Code::RShift => "rshift",
        }
    }

    /// Its name for people, as hints, the help and the Controls screen
    /// show it: `Z`, `7`, `F1`, `Enter`, `Esc`, `↑`, `Keypad 7`, `=`…
    pub fn label(self) -> &'static str {
        match self {
            Code::Kp0 => "Keypad 0",
            Code::Kp1 => "Keypad 1",
            Code::Kp2 => "Keypad 2",
            Code::Kp3 => "Keypad 3",
            Code::Kp4 => "Keypad 4",
            Code::Kp5 => "Keypad 5",
            Code::Kp6 => "Keypad 6",
            Code::Kp7 => "Keypad 7",
            Code::Kp8 => "Keypad 8",
            Code::Kp9 => "Keypad 9",
            Code::F1 => "F1",
            Code::F2 => "F2",
            Code::F3 => "F3",
            Code::F4 => "F4",
            Code::F5 => "F5",
            Code::F6 => "F6",
            Code::F7 => "F7",
            Code::F8 => "F8",
            Code::F9 => "F9",
            Code::F10 => "F10",
            Code::F11 => "F11",
            Code::F12 => "F12",
            Code::Up => "↑",
            Code::Down => "↓",
            Code::Left => "←",
            Code::Right => "→",
            Code::Return => "Enter",
            Code::KpEnter => "Keypad Enter",
            Code::Escape => "Esc",
            Code::Space => "Space",
            Code::Tab => "Tab",
            Code::Backspace => "Backspace",
            Code::Delete => "Delete",
            Code::Insert => "Insert",
            Code::Home => "Home",
            Code::End => "End",
            Code::PageUp => "Page Up",
            Code::PageDown => "Page Down",
            Code::Equals => "=",
            Code::Plus => "+",
            Code::Minus => "-",
            Code::KpPlus => "Keypad +",
            Code::KpMinus => "Keypad -",
            Code::LShift => "Left Shift",
            Code::RShift => "Right Shift",
            // Letters upper case; digits and punctuation as typed.
            Code::A => "A",
            Code::B => "B",
            Code::C => "C",
            Code::D => "D",
            Code::E => "E",
            Code::F => "F",
            Code::G => "G",
            Code::H => "H",
            Code::I => "I",
            Code::J => "J",
            Code::K => "K",
            Code::L => "L",
            Code::M => "M",
            Code::N => "N",
            Code::O => "O",
            Code::P => "P",
            Code::Q => "Q",
            Code::R => "R",
            Code::S => "S",
            Code::T => "T",
            Code::U => "U",
            Code::V => "V",
            Code::W => "W",
            Code::X => "X",
            Code::Y => "Y",
            Code::Z => "Z",
            other => other.name(),
        }
    }

    /// The key named `name` ([`Code::name`]), with the aliases scripts
    /// use: `esc`, `return`, `del`, `leftbracket`, `rightbracket`, `shift`
    /// (the left one); `plus` names the `=` key, where + is typed.
    pub fn named(name: &str) -> Option<Code> {
        let alias = match name {
            "esc" => "escape",
            "return" => "enter",
            "del" => "delete",
            "leftbracket" => "[",
            "rightbracket" => "]",
            "shift" => "lshift",
            "plus" => "equals",
            other => other,
        };
        Code::ALL.into_iter().find(|c| c.name() == alias)
    }

    /// The letter of a letter key, lower case.
    pub fn letter(self) -> Option<char> {
        let n = self.name();
        let mut chars = n.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_lowercase() => Some(c),
            _ => None,
        }
    }

    /// The digit of a digit key above the letters.
    pub fn digit(self) -> Option<u8> {
        let n = self.name();
        let mut chars = n.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => c.to_digit(10).map(|d| d as u8),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_found_by_its_name_and_letters_and_digits_read_back() {
        for code in Code::ALL {
            let back = Code::named(code.name());
            if code == Code::Plus {
                assert_eq!(back, Some(Code::Equals), "plus names the = key");
            } else {
                assert_eq!(back, Some(code), "{}", code.name());
            }
        }
        assert_eq!(Code::named("esc"), Some(Code::Escape));
        assert_eq!(Code::named("return"), Some(Code::Return));
        assert_eq!(Code::named("bogus"), None);
        assert_eq!(Code::Q.letter(), Some('q'));
        assert_eq!(Code::Num7.digit(), Some(7));
        assert_eq!(Code::Kp7.digit(), None);
        assert_eq!(Code::F1.letter(), None);
        // Every key has a name of its own for people.
        let labels: std::collections::HashSet<&str> = Code::ALL.iter().map(|c| c.label()).collect();
        assert_eq!(labels.len(), Code::ALL.len());
        assert_eq!(Code::Z.label(), "Z");
        assert_eq!(Code::Num7.label(), "7");
        assert_eq!(Code::Comma.label(), ",");
        assert_eq!(Code::Escape.label(), "Esc");
    }
}
