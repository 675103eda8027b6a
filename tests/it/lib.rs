//! Nothing: this package is the integration tests of `lightsout` (main.rs, the test
//! target `it`); cargo wants a library or a binary in every package.
