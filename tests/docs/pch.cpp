// Compiles the precompiled header that every documentation page reuses.
