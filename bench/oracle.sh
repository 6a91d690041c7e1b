# bench/oracle.sh: what the benchmarks share (sourced): the build directory ($1, default build),
# the project's top, and the Rails 1835 games of ../shared/oracle/rails-1835/ ($PBEMGM_ORACLE).
build=${1:-build}
top=$(cd "$(dirname "$0")/.." && pwd)
oracle=${PBEMGM_ORACLE:-$top/../shared/oracle/rails-1835}
[ -d "$oracle" ] || [ -n "${PBEMGM_ORACLE:-}" ] || oracle=/work/shared/oracle/rails-1835
cd "$top"
