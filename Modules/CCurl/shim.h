#ifndef NEARBY_CCURL_SHIM_H
#define NEARBY_CCURL_SHIM_H
#include <curl/curl.h>
#include <sys/prctl.h>

// Names the calling thread for the kernel (15 bytes kept), from the thread itself: the transport's thread
// names itself before any work, so /proc and `top -H` show it at once. prctl is variadic, hence the wrapper.
static inline int nearby_name_this_thread(const char *name) {
    return prctl(PR_SET_NAME, name, 0, 0, 0);
}

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
