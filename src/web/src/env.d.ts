/// <reference types="vite/client" />
// Vite's own: text files the page ships as they are (`?raw`, the rules catalogue) and import.meta.glob.
