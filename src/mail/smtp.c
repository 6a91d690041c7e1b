/* smtp: the SMTP mail sink, on libcurl. One transaction per message over a connection that is
 * kept for the next one. Servers limit the messages per connection (OpenSMTPD answers 452
 * after 100) and drop idle ones, so a connection is renewed after MAX_PER_CONNECTION messages,
 * and a failure on a reused connection is tried once more at once on a fresh one. After that,
 * a 4xx answer or a network failure is temporary (the outbox retries), a 5xx answer final. */
#include "mail/transport.h"
#include "util/util.h"

#include <curl/curl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PER_CONNECTION 50

struct smtp {
    mail_smtp_settings s; /* strings owned */
    CURL *curl;           /* kept between messages so the connection can be reused */
    int on_connection;    /* messages sent over the current connection */
};

struct upload {
    const char *data;
    size_t left;
};

static size_t read_chunk(char *out, size_t size, size_t nmemb, void *ctx)
{
    struct upload *u = ctx;
    size_t n = size * nmemb;
    if (n > u->left)
        n = u->left;
    memcpy(out, u->data, n);
    u->data += n;
    u->left -= n;
    return n;
}

/* One SMTP transaction; fresh forces a new connection. */
static int stop_when_aborted(void *p, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                             curl_off_t ulnow)
{
    (void)p, (void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
    return mail_io_aborted() ? 1 : 0;
}

static CURLcode transfer(struct smtp *sm, const char *from, const char *const *rcpts,
                         size_t nrcpts, const char *raw, size_t len, bool fresh, char *errbuf,
                         bool *reused)
{
    CURL *c = sm->curl;
    curl_easy_reset(c);
    struct curl_slist *to = NULL;
    for (size_t i = 0; i < nrcpts; i++)
        to = curl_slist_append(to, rcpts[i]);
    struct upload u = {raw, len};
    errbuf[0] = '\0';
    curl_easy_setopt(c, CURLOPT_URL, sm->s.url);
    curl_easy_setopt(c, CURLOPT_MAIL_FROM, from);
    curl_easy_setopt(c, CURLOPT_MAIL_RCPT, to);
    curl_easy_setopt(c, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(c, CURLOPT_READFUNCTION, read_chunk);
    curl_easy_setopt(c, CURLOPT_READDATA, &u);
    curl_easy_setopt(c, CURLOPT_INFILESIZE_LARGE, (curl_off_t)len);
    curl_easy_setopt(c, CURLOPT_ERRORBUFFER, errbuf);
    curl_easy_setopt(c, CURLOPT_TIMEOUT, (long)sm->s.timeout);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, (long)(sm->s.timeout < 30 ? sm->s.timeout : 30));
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L); /* to end at once on mail_io_abort */
    curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, stop_when_aborted);
    curl_easy_setopt(c, CURLOPT_FRESH_CONNECT, fresh ? 1L : 0L);
    if (*sm->s.user) {
        curl_easy_setopt(c, CURLOPT_USERNAME, sm->s.user);
        curl_easy_setopt(c, CURLOPT_PASSWORD, sm->s.password);
    }
    if (sm->s.starttls)
        curl_easy_setopt(c, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
    CURLcode rc = curl_easy_perform(c);
    curl_slist_free_all(to);
    long new_connections = 0;
    curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &new_connections);
    *reused = new_connections == 0;
    sm->on_connection = *reused ? sm->on_connection + 1 : 1;
    return rc;
}

static int smtp_send(void *impl, const char *from, const char *const *rcpts, size_t nrcpts,
                     const char *message_id, const char *raw, size_t len, char **err)
{
    struct smtp *sm = impl;
    (void)message_id;
    if (!sm->curl && !(sm->curl = curl_easy_init())) {
        *err = mail_errorf("SMTP: cannot start libcurl");
        return MAIL_SEND_RETRY;
    }
    char errbuf[CURL_ERROR_SIZE];
    bool reused;
    bool fresh = sm->on_connection >= MAX_PER_CONNECTION;
    CURLcode rc = transfer(sm, from, rcpts, nrcpts, raw, len, fresh, errbuf, &reused);
    if (rc != CURLE_OK && reused)
        rc = transfer(sm, from, rcpts, nrcpts, raw, len, true, errbuf, &reused);
    if (rc == CURLE_OK)
        return MAIL_SENT;
    long code = 0;
    curl_easy_getinfo(sm->curl, CURLINFO_RESPONSE_CODE, &code);
    *err = mail_errorf("SMTP %s: %s%s%s (server code %ld)", sm->s.url, curl_easy_strerror(rc),
                       *errbuf ? ": " : "", errbuf, code);
    return code >= 500 && code < 600 ? MAIL_SEND_REJECTED : MAIL_SEND_RETRY;
}

static void smtp_close(void *impl)
{
    struct smtp *sm = impl;
    if (sm->curl)
        curl_easy_cleanup(sm->curl);
    free((char *)sm->s.url);
    free((char *)sm->s.user);
    free((char *)sm->s.password);
    free(sm);
}

static const struct mail_sink_ops smtp_ops = {smtp_send, smtp_close};

mail_sink *mail_smtp_sink(const mail_smtp_settings *s)
{
    struct smtp *sm = xcalloc(1, sizeof *sm);
    sm->s = *s;
    sm->s.url = xstrdup(s->url);
    sm->s.user = xstrdup(s->user ? s->user : "");
    sm->s.password = xstrdup(s->password ? s->password : "");
    mail_sink *sink = xcalloc(1, sizeof *sink);
    sink->ops = &smtp_ops;
    sink->impl = sm;
    return sink;
}
