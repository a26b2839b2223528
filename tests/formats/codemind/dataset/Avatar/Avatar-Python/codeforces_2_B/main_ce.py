n = int(input())
print(n + n)
