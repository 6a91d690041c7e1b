/* migrations: the schema steps of sql/, embedded in the program at build time. */
#ifndef PBEMGM_MIGRATIONS_H
#define PBEMGM_MIGRATIONS_H

struct store_migration {
    int version;        /* the NNN of sql/NNN_name.sql; PRAGMA user_version after it */
    const char *name;
    const char *sql;
};

extern const struct store_migration store_migrations[];
extern const int store_migration_count;

#endif
