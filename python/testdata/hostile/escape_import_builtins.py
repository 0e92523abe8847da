import builtins
# The builtins module is the sandbox's own: open is refused there too.
builtins.open("/etc/passwd")
# raises: NotImplementedError
