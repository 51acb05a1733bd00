//! The tools' integration tests (the `level` and `sim` binaries, the rules
//! API, the solver, every shipped solution, what equipment opens), one
//! module a concern, linked into one test binary (`cargo test -p tools
//! --test it`).
#![forbid(unsafe_code)]
mod cards;
mod common;
mod equipped;
mod hint;
mod level_cli;
mod necessity;
mod rules_api;
mod sim_cli;
mod sim_loadout;
mod sim_solutions;
mod sim_without;
mod solver;
