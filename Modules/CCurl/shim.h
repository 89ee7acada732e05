#ifndef NEARBY_CCURL_SHIM_H
#define NEARBY_CCURL_SHIM_H
// libcurl's declarations only: nothing links libcurl. It is opened at run time (dlopen) when a live source makes
// its first request, so that a command or a session that uses no live source never loads libcurl and the TLS,
// Kerberos and LDAP libraries it needs.
#include <curl/curl.h>
#include <dlfcn.h>
#include <stddef.h>
#include <sys/prctl.h>

// Names the calling thread for the kernel (15 bytes kept), from the thread itself: the transport's thread
// names itself before any work, so /proc and `top -H` show it at once. prctl is variadic, hence the wrapper.
static inline int nearby_name_this_thread(const char *name) {
    return prctl(PR_SET_NAME, name, 0, 0, 0);
}

// The libcurl functions the transport calls, typed from libcurl's own declarations.
typedef struct nearby_curl_api {
    __typeof__(&curl_global_init) global_init;
    __typeof__(&curl_multi_init) multi_init;
    __typeof__(&curl_multi_add_handle) multi_add_handle;
    __typeof__(&curl_multi_remove_handle) multi_remove_handle;
    __typeof__(&curl_multi_perform) multi_perform;
    __typeof__(&curl_multi_poll) multi_poll;
    __typeof__(&curl_multi_wakeup) multi_wakeup;
    __typeof__(&curl_multi_info_read) multi_info_read;
    __typeof__(&curl_easy_init) easy_init;
    __typeof__(&curl_easy_cleanup) easy_cleanup;
    __typeof__(&curl_easy_setopt) easy_setopt;
    __typeof__(&curl_easy_getinfo) easy_getinfo;
    __typeof__(&curl_slist_append) slist_append;
    __typeof__(&curl_slist_free_all) slist_free_all;
} nearby_curl_api;

// Fills `api` from an open libcurl (a dlopen handle). Returns NULL when every function was found, else the name
// of the first one missing (an older libcurl), so the caller can say which.
static inline const char *nearby_curl_resolve(void *library, nearby_curl_api *api) {
#define NEARBY_CURL_RESOLVE(field, symbol) \
    if ((*(void **)&api->field = dlsym(library, #symbol)) == NULL) return #symbol;
    NEARBY_CURL_RESOLVE(global_init, curl_global_init)
    NEARBY_CURL_RESOLVE(multi_init, curl_multi_init)
    NEARBY_CURL_RESOLVE(multi_add_handle, curl_multi_add_handle)
    NEARBY_CURL_RESOLVE(multi_remove_handle, curl_multi_remove_handle)
    NEARBY_CURL_RESOLVE(multi_perform, curl_multi_perform)
    NEARBY_CURL_RESOLVE(multi_poll, curl_multi_poll)
    NEARBY_CURL_RESOLVE(multi_wakeup, curl_multi_wakeup)
    NEARBY_CURL_RESOLVE(multi_info_read, curl_multi_info_read)
    NEARBY_CURL_RESOLVE(easy_init, curl_easy_init)
    NEARBY_CURL_RESOLVE(easy_cleanup, curl_easy_cleanup)
    NEARBY_CURL_RESOLVE(easy_setopt, curl_easy_setopt)
    NEARBY_CURL_RESOLVE(easy_getinfo, curl_easy_getinfo)
    NEARBY_CURL_RESOLVE(slist_append, curl_slist_append)
    NEARBY_CURL_RESOLVE(slist_free_all, curl_slist_free_all)
#undef NEARBY_CURL_RESOLVE
    return NULL;
}

// Calls through the table. Swift cannot call a C function pointer that is variadic (curl_easy_setopt,
// curl_easy_getinfo), so each of those has one typed wrapper per kind of argument; the others have one
// wrapper each so that the Swift side never unwraps a pointer.

static inline CURLcode nearby_curl_global_init(const nearby_curl_api *api, long flags) {
    return api->global_init(flags);
}

static inline CURLM *nearby_curl_multi_init(const nearby_curl_api *api) { return api->multi_init(); }

static inline CURLMcode nearby_curl_multi_add_handle(const nearby_curl_api *api, CURLM *multi, CURL *easy) {
    return api->multi_add_handle(multi, easy);
}

static inline CURLMcode nearby_curl_multi_remove_handle(const nearby_curl_api *api, CURLM *multi, CURL *easy) {
    return api->multi_remove_handle(multi, easy);
}

static inline CURLMcode nearby_curl_multi_perform(const nearby_curl_api *api, CURLM *multi, int *running) {
    return api->multi_perform(multi, running);
}

static inline CURLMcode nearby_curl_multi_poll(const nearby_curl_api *api, CURLM *multi, int timeout_ms) {
    return api->multi_poll(multi, NULL, 0, timeout_ms, NULL);
}

static inline CURLMcode nearby_curl_multi_wakeup(const nearby_curl_api *api, CURLM *multi) {
    return api->multi_wakeup(multi);
}

static inline CURLMsg *nearby_curl_multi_info_read(const nearby_curl_api *api, CURLM *multi, int *queued) {
    return api->multi_info_read(multi, queued);
}

static inline CURL *nearby_curl_easy_init(const nearby_curl_api *api) { return api->easy_init(); }

static inline void nearby_curl_easy_cleanup(const nearby_curl_api *api, CURL *easy) { api->easy_cleanup(easy); }

static inline struct curl_slist *nearby_curl_slist_append(const nearby_curl_api *api, struct curl_slist *list,
                                                          const char *line) {
    return api->slist_append(list, line);
}

static inline void nearby_curl_slist_free_all(const nearby_curl_api *api, struct curl_slist *list) {
    api->slist_free_all(list);
}

static inline CURLcode nearby_curl_setopt_long(const nearby_curl_api *api, CURL *handle, CURLoption option,
                                               long value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode nearby_curl_setopt_off_t(const nearby_curl_api *api, CURL *handle, CURLoption option,
                                                curl_off_t value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode nearby_curl_setopt_str(const nearby_curl_api *api, CURL *handle, CURLoption option,
                                              const char *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode nearby_curl_setopt_ptr(const nearby_curl_api *api, CURL *handle, CURLoption option,
                                              void *value) {
    return api->easy_setopt(handle, option, value);
}

static inline CURLcode nearby_curl_setopt_slist(const nearby_curl_api *api, CURL *handle, CURLoption option,
                                                struct curl_slist *value) {
    return api->easy_setopt(handle, option, value);
}

// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION share this signature.
static inline CURLcode nearby_curl_setopt_write_callback(const nearby_curl_api *api, CURL *handle,
                                                         CURLoption option, curl_write_callback callback) {
    return api->easy_setopt(handle, option, callback);
}

static inline CURLcode nearby_curl_getinfo_long(const nearby_curl_api *api, CURL *handle, CURLINFO info,
                                                long *value) {
    return api->easy_getinfo(handle, info, value);
}

#endif
