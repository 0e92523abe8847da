import io
io.open("/etc/passwd")
# raises: AttributeError
