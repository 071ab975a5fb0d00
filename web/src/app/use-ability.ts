import { useAbility as useCaslAbility } from '@casl/react';
import type { AppAbility } from '../lib/ability.ts';

/** The current CASL ability; re-renders when the rules change. */
export const useAbility = () => useCaslAbility<AppAbility>();
