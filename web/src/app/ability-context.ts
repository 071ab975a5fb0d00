export { AbilityProvider, Can } from '@casl/react';
