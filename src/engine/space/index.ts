/** Geometry of the battlefield: grid, facing, lines and cover, movement, areas, zones and occupancy. */
export * from './grid.ts';
export * from './facing.ts';
export * from './line.ts';
export * from './path.ts';
export * from './area.ts';
export * from './zones.ts';
export * from './occupancy.ts';
export * from './map-file.ts';
export { imageSrcProblem, tableImageProblem, tableImageSchema, checkImageBytes, dataImageBytes, tooBig as imageTooBig, imageTypeOf, IMAGE_MIME, STORED_MAP, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, MAX_IMAGE_PIXELS, type ImageOrigin, type ImageFacts, type Base64Decoder, type ImageType } from './map-image.ts';
export * from './searches.ts';
export * from './vision.ts';
