//! The simulation's integration tests, one module a concern, linked into one
//! test binary (`cargo test -p game --test it`).
#![forbid(unsafe_code)]
mod crash_safety;
mod level_errors;
mod level_files;
mod level_fuzz;
mod undo_property;
