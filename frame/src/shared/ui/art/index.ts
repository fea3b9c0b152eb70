export { ArtBackground } from './art-background.tsx';
export { ArtPicture } from './art-picture.tsx';
export { artBackgroundVars, artSources } from './art-sources.ts';
