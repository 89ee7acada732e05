/* The floor under `GET /api/places` on PostgreSQL, for scripts/bench-server.sh: the least an HTTP service
 * can do for a nearest page. One thread, blocking calls, libpq, the same SQL the service sends
 * (PostgresPlacesStore: the page, one more row and the margin of 16, nearest first by the GiST walk), and every
 * column written out as a JSON string. No opening hours, no sorting by our own distance, no cursor, no limits:
 * whatever the service spends beyond this is its own.
 *
 * Usage: places-floor PORT CONNINFO        (answers GET /api/places?near=LAT,LON&radius=M&limit=N) */
#include <arpa/inet.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static const char *query =
    "SELECT * FROM (SELECT id, name, category, lat, lon, street, housenumber, postcode, city, country, "
    "formatted_address, phone, website, email, opening_hours, opening_periods, cuisine, wheelchair, operator, "
    "brand, rating, rating_count, price_level, attribution, "
    "position <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography AS walk "
    "FROM place ORDER BY position <-> ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography LIMIT $3) AS nearest "
    "WHERE walk <= $4";

struct text { char *bytes; size_t length, capacity; };

static void put(struct text *t, const char *bytes, size_t length) {
    if (t->length + length > t->capacity) {
        t->capacity = (t->length + length) * 2;
        t->bytes = realloc(t->bytes, t->capacity);
        if (!t->bytes) { perror("realloc"); exit(1); }
    }
    memcpy(t->bytes + t->length, bytes, length);
    t->length += length;
}

static void put_string(struct text *t, const char *s) {
    put(t, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { put(t, "\\", 1); put(t, s, 1); }
        else if (c < 0x20) { char escaped[8]; snprintf(escaped, sizeof escaped, "\\u%04x", c); put(t, escaped, 6); }
        else put(t, s, 1);
    }
    put(t, "\"", 1);
}

/* The value of `name=` in a query string, copied into `out`; empty when absent. */
static void parameter(const char *target, const char *name, char *out, size_t size) {
    out[0] = 0;
    const char *q = strchr(target, '?');
    size_t n = strlen(name);
    while (q) {
        q++;
        if (strncmp(q, name, n) == 0 && q[n] == '=') {
            const char *v = q + n + 1;
            size_t i = 0;
            while (v[i] && v[i] != '&' && v[i] != ' ' && i + 1 < size) { out[i] = v[i]; i++; }
            out[i] = 0;
            return;
        }
        q = strchr(q, '&');
    }
}

static int send_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = send(fd, bytes, length, MSG_NOSIGNAL);
        if (n <= 0) return -1;
        bytes += n;
        length -= (size_t)n;
    }
    return 0;
}

static int answer(int fd, PGconn *db, const char *target) {
    char near[64], radius[32], limit[16];
    parameter(target, "near", near, sizeof near);
    parameter(target, "radius", radius, sizeof radius);
    parameter(target, "limit", limit, sizeof limit);
    char *comma = strchr(near, ',');
    if (!comma) return send_all(fd, "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n", 47);
    *comma = 0;
    int page = limit[0] ? atoi(limit) : 20;
    if (page < 1 || page > 200) page = 20;
    char count[16], reach[32];
    snprintf(count, sizeof count, "%d", page + 1 + 16);
    snprintf(reach, sizeof reach, "%.2f", (radius[0] ? atof(radius) : 2000.0) + 0.05);
    const char *values[4] = {comma + 1, near, count, reach};
    PGresult *rows = PQexecParams(db, query, 4, NULL, values, NULL, NULL, 0);
    if (PQresultStatus(rows) != PGRES_TUPLES_OK) {
        fprintf(stderr, "places-floor: %s", PQerrorMessage(db));
        PQclear(rows);
        return send_all(fd, "HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n", 57);
    }
    static struct text body;
    body.length = 0;
    put(&body, "{\"places\":[", 11);
    int fields = PQnfields(rows), shown = PQntuples(rows) < page ? PQntuples(rows) : page;
    for (int r = 0; r < shown; r++) {
        put(&body, r ? ",{" : "{", r ? 2 : 1);
        for (int f = 0; f < fields; f++) {
            if (f) put(&body, ",", 1);
            put_string(&body, PQfname(rows, f));
            put(&body, ":", 1);
            if (PQgetisnull(rows, r, f)) put(&body, "null", 4);
            else put_string(&body, PQgetvalue(rows, r, f));
        }
        put(&body, "}", 1);
    }
    put(&body, "]}", 2);
    PQclear(rows);
    char head[128];
    int length = snprintf(head, sizeof head,
                          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %zu\r\n\r\n", body.length);
    if (send_all(fd, head, (size_t)length) != 0) return -1;
    return send_all(fd, body.bytes, body.length);
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: places-floor PORT CONNINFO\n"); return 64; }
    PGconn *db = PQconnectdb(argv[2]);
    if (PQstatus(db) != CONNECTION_OK) { fprintf(stderr, "places-floor: %s", PQerrorMessage(db)); return 1; }
    int listener = socket(AF_INET, SOCK_STREAM, 0), yes = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[1]))};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 64) != 0) {
        perror("places-floor: listen");
        return 1;
    }
    /* One connection at a time, requests read until the blank line (GETs have no body). */
    for (;;) {
        int fd = accept(listener, NULL, NULL);
        if (fd < 0) continue;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
        char buffer[16384];
        size_t have = 0;
        for (;;) {
            ssize_t n = read(fd, buffer + have, sizeof buffer - 1 - have);
            if (n <= 0) break;
            have += (size_t)n;
            buffer[have] = 0;
            char *end;
            int failed = 0;
            while ((end = strstr(buffer, "\r\n\r\n"))) {
                *end = 0;
                /* The target alone: from the first space to the next, so no header is read as a parameter. */
                char *target = strchr(buffer, ' ');
                char *close = target ? strchr(target + 1, ' ') : NULL;
                if (close) *close = 0;
                if (!target || answer(fd, db, target + 1) != 0) { failed = 1; break; }
                size_t used = (size_t)(end + 4 - buffer);
                memmove(buffer, buffer + used, have - used);
                have -= used;
                buffer[have] = 0;
            }
            if (failed || have == sizeof buffer - 1) break;
        }
        close(fd);
    }
}
