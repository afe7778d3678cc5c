// Ambient types for Vite: CSS side-effect imports and import.meta.env.
/// <reference types="vite/client" />
