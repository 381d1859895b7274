//! End-to-end tests: the real `labscape` binary and bot, on real SQLite files, talking only
//! to 127.0.0.1. One test binary (matklad's layout); each area is a module.

mod crash;
mod discord;
mod engine;
mod fake_discord;
mod fake_telegram;
mod helpers;
mod local_play;
mod mirror;
mod process;
mod proxy;
mod readme;
mod soak;
mod telegram;
mod verify;
