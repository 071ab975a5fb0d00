/**
 * The domain's date check answers "invalid_date" for an empty date too; a required date left empty
 * should say it is required, as every other required field does. Wraps a form resolver.
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export function emptyDatesRequired(resolver: Resolver<FieldValues>, dates: readonly string[]) {
  return (async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const name of dates) {
      const error = result.errors[name];
      const empty = values[name] === '' || values[name] === null || values[name] === undefined;
      if (error && empty && error.message === 'invalid_date') {
        result.errors[name] = { ...error, type: 'required', message: 'required' };
      }
    }
    return result;
  }) as Resolver<FieldValues>;
}
