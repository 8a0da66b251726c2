/** The package suite's global teardown: the scratch projects go. */
export { teardown as default } from './user-projects';
