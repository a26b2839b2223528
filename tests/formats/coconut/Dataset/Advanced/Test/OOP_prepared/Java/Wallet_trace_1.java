class Wallet {
    int cents;
}
