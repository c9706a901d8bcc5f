/**
 * First-start wording of the public documents (`param` keys userAgreement, privacyPolicy, aboutUs). Plain text
 * with line breaks; an operator is expected to replace them with their own, reviewed by their own counsel.
 */
export const defaultDocuments = (appName: string) => ({
  userAgreement: `${appName} User Agreement

1. About this agreement
This agreement is between you and the operator of this ${appName} service. By registering or using ${appName} you accept it. If you do not agree, do not create an account.

2. Your account
You must give accurate information and keep your password and 6-digit payment PIN secret. Everything done with your account or PIN is treated as done by you. Tell the operator at once if you think someone else has access. One person may hold one account, and you must be old enough to enter into a contract where you live.

3. Chat and content
You are responsible for the messages, images, voice messages, videos and files you send. Do not post anything unlawful, fraudulent, threatening, harassing, infringing or sexually explicit, and do not send spam or malware. The operator may remove content and suspend accounts that break these rules, and acts on complaints from other members.

4. P2P (C2C) trading
Buy and sell orders are agreements between you and the other member. The operator is not a party to them. The seller's USDT is held in escrow while an order is open. A buyer marks an order as paid only after actually paying; a seller releases coins only after the payment has arrived in their own account. Marking an order paid without paying, or releasing and then claiming non-payment, may lead to a permanent ban. If something goes wrong, open an appeal: the support team reviews the evidence and either completes the order or cancels it and returns the escrowed coins. Their decision on the escrowed coins is final within the service.

5. Wallet
${appName} keeps a custodial USDT balance for you. Deposits are credited after the network's confirmations; withdrawals may be reviewed and carry a network fee and a service fee shown before you confirm. Always check the network (TRC20, ERC20 or BEP20) and the address: transfers on a blockchain cannot be reversed, and coins sent to a wrong address or network may be lost. Minimum amounts apply to deposits, withdrawals and transfers.

6. Prohibited use
Do not use ${appName} for money laundering, financing terrorism, evading sanctions, fraud or any other unlawful purpose. The operator may ask for information, freeze balances and report activity where the law requires it.

7. Risks and liability
Digital assets carry risk, including price changes, network congestion and regulatory change. The service is provided as it is; to the extent the law allows, the operator is not liable for indirect losses or for losses caused by other members, blockchain networks or events outside its control.

8. Changes and ending
The operator may change this agreement and will show the new version in the app; using the service after a change means accepting it. You may stop using the service at any time after withdrawing your balance. The operator may close accounts that break this agreement.`,

  privacyPolicy: `${appName} Privacy Policy

1. What we collect
Account data: user name, nickname, avatar, profile notes and the hash of your password and payment PIN (never the plain values).
Content: the messages, voice messages, images, videos and files you send, your friend list and group memberships.
Trading and wallet data: orders, ads, payment methods you add (such as bank card, Alipay or WeChat details), deposit and withdrawal addresses, balances and transaction history.
Technical data: IP address, device and browser information, push notification identifiers and login times.

2. Why we use it
To run your account, deliver messages and notifications, match and settle C2C orders, keep your wallet balance correct, resolve appeals and complaints, prevent fraud and abuse, and meet legal obligations.

3. Who sees it
Members you chat with see your messages and profile. In an order, the other party sees the payment details needed to pay you. Support staff see order details and evidence when an appeal is opened. We share data with service providers that help run the service and with authorities when the law requires it. We do not sell your personal data.

4. Blockchain data
Deposits and withdrawals are recorded on public blockchains. Addresses and amounts there are public by nature and cannot be erased by us.

5. How long we keep it
We keep account and transaction records for as long as your account exists and afterwards for as long as the law requires for financial records. Chat content you delete is removed from your view; files may remain in backups for a limited time.

6. Security
Passwords and PINs are stored only as salted hashes, connections are encrypted, and access to personal data is limited to those who need it. No system is perfectly secure: keep your password and PIN private.

7. Your choices
You can view and edit your profile in the app, turn off notifications in your device settings, and ask the operator for a copy or deletion of your data, subject to the records we must keep by law.

8. Changes
We will show an updated policy in the app when it changes. Questions about privacy can be sent through Feedback in the app.`,

  aboutUs: `About ${appName}

${appName} is a minimalist chat app with a built-in USDT wallet and a peer-to-peer marketplace.

Chat with friends one to one or in groups, send voice messages, photos, videos and files, and share your QR code to connect.

Buy and sell USDT directly with other members through the C2C market. Pay by bank card, Alipay, WeChat or card payment; the seller's coins stay in escrow until the order completes, and a support team handles appeals.

Keep USDT in your wallet, deposit and withdraw on TRC20, ERC20 or BEP20, and transfer to other members instantly by their member ID.

This ${appName} service is run by its operator on self-hosted software. For help, use Feedback or Complaints in the app.`,
});
