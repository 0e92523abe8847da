import pathlib
pathlib.Path("/etc/passwd").read_text()
# raises: OSError
