import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify's own response serializers (fast-json-stringify, with the server's shared schemas), each compiled when its
 * route first answers with that status, not when the server starts (docs/decisions/0152). Fastify compiles one for
 * every route and status code of every response schema at start: about 300 ms of CPU per start here, for the ~125
 * routes, most of which a process never answers (a test server answers a handful; an API process a share of them,
 * once warm). What a route sends is unchanged: the same compiler, the same schema, the same options. A schema
 * fast-json-stringify refuses fails that route's first answer with that status (a 500 from the error handler)
 * instead of the start; `response-schemas.test.ts` compiles every route's serializers, so such a schema fails a test.
 */
export function lazySerializers(): SerializerFactory {
  const build = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let serialize: ReturnType<typeof compile> | undefined;
      return (document) => {
        serialize ??= compile(route);
        return serialize(document);
      };
    };
  };
}
