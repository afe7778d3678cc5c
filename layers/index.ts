// Layers public entry (filled in by the layer catalogue work).
export {};
