//! Test support crate; the tests live in `e2e/`.
