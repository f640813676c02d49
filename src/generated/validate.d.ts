/* The types of validate.js, which is generated from schema/ by `npm run types`. */
import type { ErrorObject } from 'ajv';

/** ajv's standalone validator of the site's data: what its keywords collect goes to `this`, its errors to `.errors`. */
declare const validate: ((this: object, data: unknown) => boolean) & { errors?: ErrorObject[] | null };
export { validate };
export default validate;
