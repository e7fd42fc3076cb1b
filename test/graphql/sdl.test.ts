// The SDL documents itself (the playground's docs come from it): every type, field, argument,
// input field and enum value of schema/*.graphql has a description.
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isScalarType } from 'graphql';
import { readTypeDefs } from '../../src/graphql/schema.ts';

it('describes every type, field, argument, input field and enum value', () => {
  const schema = buildSchema(readTypeDefs().join('\n'));
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || (isScalarType(type) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name))) continue;
    if (!type.description?.trim()) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
        for (const arg of field.args) if (!arg.description?.trim()) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
    if (isInputObjectType(type))
      for (const field of Object.values(type.getFields())) if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
    if (isEnumType(type)) for (const value of type.getValues()) if (!value.description?.trim()) missing.push(`${type.name}.${value.name}`);
  }
  expect(missing).toEqual([]);
});
