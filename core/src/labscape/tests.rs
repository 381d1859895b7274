//! Rule tests that need a whole position (unit tests of parts live next to them).
