def clean(value):
    return value.strip().lower()
