//! The game's files and what keeps them whole: reading and writing a file
//! safely ([`file`](mod@file)), the one binary envelope every binary file is sealed
//! in ([`envelope`]), the stable hash of state fingerprints ([`hash`]) and
//! saved games ([`save`]). Text levels are read and written by
//! `crate::level`, which uses these.

pub mod envelope;
pub mod file;
pub mod hash;
pub mod save;
