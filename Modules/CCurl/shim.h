#ifndef NEARBY_CCURL_SHIM_H
#define NEARBY_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// one typed wrapper per kind of argument.

static inline CURLcode nearby_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode nearby_curl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode nearby_curl_setopt_str(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode nearby_curl_setopt_ptr(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode nearby_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION share this signature.
static inline CURLcode nearby_curl_setopt_write_callback(CURL *handle, CURLoption option,
                                                         curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

static inline CURLcode nearby_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
