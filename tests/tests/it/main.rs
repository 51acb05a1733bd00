//! The workspace's integration tests, one module a concern, linked into one
//! test binary (`cargo test -p rappel-tests --test it`; one module:
//! `cargo test -p rappel-tests --test it golden::`). The GL tests share the
//! process and hold `rappel_tests::gl::lock()` while a window lives.
#![forbid(unsafe_code)]
mod assets;
mod editor;
mod editor_unsaved;
mod frame_time;
mod golden;
mod golden_compare;
mod headless_gl;
mod hint_outline;
mod keys_only;
mod layout;
mod menu_order;
mod motion;
mod packs;
mod play;
mod readable;
mod renderer;
