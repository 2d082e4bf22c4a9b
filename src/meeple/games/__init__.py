"""The games Meeple implements; each subpackage provides one `GameState` subclass."""
