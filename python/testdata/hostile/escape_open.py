open('/etc/passwd')
# raises: NameError: name 'open' is not defined
