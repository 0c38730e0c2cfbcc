# Helpers the CI scripts source: installing Debian packages they need.

as_root() {
	if [ "$(id -u)" = 0 ]; then
		"$@"
	elif command -v sudo > /dev/null; then
		sudo "$@"
	else
		echo "ci: need root or sudo to run: $*" >&2
		return 1
	fi
}

# apt_install PACKAGE...: install Debian packages (once per CI run, the
# package lists are fetched first).
apt_install() {
	echo "== installing $* (Debian)"
	if [ -z "${CI_APT_UPDATED:-}" ]; then
		as_root apt-get update -qq
		export CI_APT_UPDATED=1
	fi
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" > /dev/null
}
