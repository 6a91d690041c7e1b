/* log: levelled logging to stderr (with a UTC time stamp) or to syslog. */
#include "util/log.h"
#include "util/util.h"

#include <stdarg.h>
#include <stdio.h>
#include <syslog.h>
#include <time.h>

static enum log_level current_level = LOG_LVL_INFO;
static bool to_syslog;

static const char *const level_names[] = {"error", "warn", "info", "debug"};

int log_level_parse(const char *name)
{
    for (int i = 0; i <= LOG_LVL_DEBUG; i++)
        if (str_ieq(name, level_names[i]))
            return i;
    return -1;
}

void log_setup(enum log_level level, bool use_syslog)
{
    current_level = level;
    if (use_syslog && !to_syslog)
        openlog("pbemgm", LOG_PID, LOG_MAIL);
    else if (!use_syslog && to_syslog)
        closelog();
    to_syslog = use_syslog;
}

void log_msg(enum log_level level, const char *fmt, ...)
{
    if (level > current_level)
        return;
    va_list ap;
    va_start(ap, fmt);
    if (to_syslog) {
        static const int prio[] = {LOG_ERR, LOG_WARNING, LOG_INFO, LOG_DEBUG};
        vsyslog(prio[level], fmt, ap);
    } else {
        char stamp[32];
        time_t now = time(NULL);
        struct tm tm;
        gmtime_r(&now, &tm);
        strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
        fprintf(stderr, "%s pbemgm %s: ", stamp, level_names[level]);
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
    }
    va_end(ap);
}
