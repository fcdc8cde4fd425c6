// trim(): calls glibc's malloc_trim(0), which returns to the system every whole page that the
// allocator's arenas hold free (not only the top of the main heap, as free() does on its own).
// Returns true when memory was released, false when there was none to release, and null where
// the C library is not glibc (nothing to call).
#include <node_api.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static napi_value Trim(napi_env env, napi_callback_info info) {
  (void)info;
  napi_value result;
#if defined(__GLIBC__)
  napi_get_boolean(env, malloc_trim(0) == 1, &result);
#else
  napi_get_null(env, &result);
#endif
  return result;
}

NAPI_MODULE_INIT() {
  napi_value trim;
  if (napi_create_function(env, "trim", NAPI_AUTO_LENGTH, Trim, NULL, &trim) != napi_ok) return NULL;
  if (napi_set_named_property(env, exports, "trim", trim) != napi_ok) return NULL;
  return exports;
}
