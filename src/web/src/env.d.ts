/** Text files the page ships as they are (Vite's `?raw`): the rules catalogue. */
declare module '*.md?raw' {
  const text: string;
  export default text;
}
