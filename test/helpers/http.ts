// Response bodies in tests are checked field by field, so they are read untyped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const readJson = async (res: Response): Promise<any> => res.json();
