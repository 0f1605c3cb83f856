/**
 * PostGraphile 5 and Grafast call `Promise.withResolvers` (Node 22). This platform also runs on
 * Node 20, where it is missing: without it every list query fails inside Grafast. The method is
 * standard (ES2024) and this is exactly its specified behaviour, so defining it where absent
 * changes nothing on Node 22.
 */
type Resolvers<T> = {
  promise: Promise<T>
  resolve: (value: T | PromiseLike<T>) => void
  reject: (reason?: unknown) => void
}

const PromiseWithResolvers = Promise as PromiseConstructor & {
  withResolvers?: <T>() => Resolvers<T>
}

if (typeof PromiseWithResolvers.withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>(this: PromiseConstructor): Resolvers<T> {
      let resolve!: Resolvers<T>['resolve']
      let reject!: Resolvers<T>['reject']
      const promise = new this<T>((res, rej) => {
        resolve = res
        reject = rej
      })
      return { promise, resolve, reject }
    },
  })
}

export {}
