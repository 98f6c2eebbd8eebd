// The copy of json-schema-faker that openapi-to-postmanv2 bundles and fakes example values with.
// Its module is shared with the converter, so options set here apply to the conversion.
declare module 'openapi-to-postmanv2/assets/json-schema-faker.js' {
  interface JsonSchemaFaker {
    option(options: { random?: () => number }): void;
    format(name: string, generate: () => string): void;
  }
  const faker: JsonSchemaFaker;
  export = faker;
}
