// Engine public entry (filled in by the engine work).
export {};
