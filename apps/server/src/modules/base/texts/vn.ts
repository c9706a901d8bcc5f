import type { DocumentTexts } from '../documents.ts';

/** The built-in documents in Vietnamese, section by section as in en.ts. */
export const vn = (appName: string): DocumentTexts => ({
  userAgreement: `Thỏa thuận người dùng ${appName}

1. Về thỏa thuận này
Thỏa thuận này được lập giữa bạn và đơn vị vận hành dịch vụ ${appName} này. Khi đăng ký hoặc sử dụng ${appName}, bạn chấp nhận thỏa thuận này. Nếu không đồng ý, vui lòng không tạo tài khoản.

2. Tài khoản của bạn
Bạn phải cung cấp thông tin chính xác và giữ bí mật mật khẩu, mã PIN thanh toán 6 chữ số và các mã khôi phục của mình. Mọi thao tác được thực hiện bằng tài khoản hoặc mã PIN của bạn đều được coi là do chính bạn thực hiện. Bạn có thể bảo vệ tài khoản bằng lớp xác thực thứ hai (khóa truy cập hoặc ứng dụng xác thực); tài khoản nhân viên bắt buộc phải có. Hãy báo ngay cho đơn vị vận hành nếu bạn nghĩ rằng người khác có thể truy cập tài khoản của bạn. Mỗi người chỉ được giữ một tài khoản, và bạn phải đủ tuổi để giao kết hợp đồng theo pháp luật nơi bạn sinh sống.

3. Trò chuyện và nội dung
Bạn chịu trách nhiệm về tin nhắn, hình ảnh, tin nhắn thoại, video, tệp và khoảnh khắc mà bạn gửi hoặc đăng. Không đăng bất kỳ nội dung nào trái pháp luật, lừa đảo, đe dọa, quấy rối, xâm phạm quyền hoặc khiêu dâm, và không gửi thư rác hay phần mềm độc hại. Đơn vị vận hành có thể gỡ nội dung và tạm khóa các tài khoản vi phạm những quy tắc này, đồng thời xử lý khiếu nại từ các thành viên khác.

4. Giao dịch P2P (C2C)
Lệnh mua và lệnh bán là thỏa thuận giữa bạn và thành viên kia; đơn vị vận hành không phải là một bên của các lệnh này. Người mua thanh toán cho người bán bên ngoài ứng dụng; USDT của người bán được ký quỹ từ khi lệnh bắt đầu cho đến khi được giải phóng hoặc lệnh bị hủy. Người mua chỉ đánh dấu lệnh là đã thanh toán sau khi thực sự đã trả tiền; người bán chỉ giải phóng coin sau khi tiền đã về tài khoản của chính mình. Đánh dấu đã thanh toán khi chưa trả tiền, hoặc giải phóng coin rồi lại nói rằng chưa nhận được tiền, có thể khiến tài khoản bị cấm vĩnh viễn. Số lần hủy lệnh và số lệnh đang mở đều có giới hạn, và thành viên bị xác định có lỗi trong quá nhiều vụ khiếu nại sẽ bị tạm ngừng giao dịch. Nếu có sự cố, hãy gửi khiếu nại: đội ngũ hỗ trợ sẽ xem xét bằng chứng rồi hoàn tất lệnh, hoặc hủy lệnh và trả lại coin ký quỹ cho người bán. Quyết định của đội ngũ hỗ trợ về coin ký quỹ là quyết định cuối cùng trong phạm vi dịch vụ.

5. Ví
${appName} lưu ký số dư USDT cho bạn: đơn vị vận hành giữ coin và ghi nhận số dư của bạn. Tiền nạp được ghi có sau khi đủ số xác nhận của mạng. Lệnh rút chịu phí mạng và phí dịch vụ, được hiển thị trước khi bạn xác nhận, và một số lệnh rút phải chờ đội ngũ hỗ trợ duyệt: chẳng hạn lệnh rút của tài khoản mới, lệnh rút số tiền lớn, lệnh rút dùng đến coin mà thành viên khác đã gửi cho bạn trong 24 giờ qua, và mọi lệnh rút trong một khoảng thời gian sau khi bạn đổi mật khẩu hoặc mã PIN, hay sau khi lớp xác thực thứ hai của bạn bị đặt lại. Trong khoảng thời gian đó, số tiền bạn có thể gửi cho thành viên khác cũng bị giới hạn. Luôn kiểm tra mạng (TRC20, ERC20 hoặc BEP20) và địa chỉ: giao dịch trên blockchain không thể đảo ngược, và coin gửi nhầm địa chỉ hoặc nhầm mạng có thể bị mất. Nạp, rút và chuyển tiền đều có số tiền tối thiểu, và tổng số tiền bạn có thể chuyển ra trong 24 giờ có thể bị giới hạn.

6. Hành vi bị cấm
Không sử dụng ${appName} để rửa tiền, tài trợ khủng bố, lẩn tránh lệnh trừng phạt, lừa đảo hoặc bất kỳ mục đích trái pháp luật nào khác. Khi pháp luật yêu cầu, đơn vị vận hành có thể yêu cầu bạn cung cấp thông tin, phong tỏa số dư và báo cáo hoạt động.

7. Rủi ro và trách nhiệm
Tài sản số tiềm ẩn rủi ro, bao gồm biến động giá, tắc nghẽn mạng và thay đổi về quy định. Dịch vụ được cung cấp theo hiện trạng; trong phạm vi pháp luật cho phép, đơn vị vận hành không chịu trách nhiệm về thiệt hại gián tiếp, hoặc thiệt hại do thành viên khác, mạng blockchain hay các sự kiện ngoài tầm kiểm soát của mình gây ra.

8. Thay đổi và chấm dứt
Đơn vị vận hành có thể thay đổi thỏa thuận này và sẽ hiển thị phiên bản mới trong ứng dụng; tiếp tục sử dụng dịch vụ sau khi có thay đổi nghĩa là bạn chấp nhận thay đổi đó. Bạn có thể ngừng sử dụng dịch vụ bất cứ lúc nào sau khi rút hết số dư. Đơn vị vận hành có thể đóng các tài khoản vi phạm thỏa thuận này.`,

  privacyPolicy: `Chính sách quyền riêng tư ${appName}

1. Chúng tôi thu thập những gì
Dữ liệu tài khoản: tên đăng nhập, biệt danh, ảnh đại diện, ghi chú hồ sơ, và bản băm (hash) của mật khẩu và mã PIN thanh toán (không bao giờ lưu giá trị gốc). Nếu bạn thêm lớp xác thực thứ hai: khóa công khai của các khóa truy cập, khóa bí mật của ứng dụng xác thực (được lưu ở dạng mã hóa) và bản băm của các mã khôi phục.
Nội dung: tin nhắn, tin nhắn thoại, hình ảnh, video và tệp bạn gửi, các khoảnh khắc, lượt thích và bình luận của bạn, danh sách bạn bè, danh sách thành viên đã chặn và các nhóm bạn tham gia, cùng các khiếu nại và góp ý của bạn.
Dữ liệu giao dịch và ví: lệnh, quảng cáo, phương thức thanh toán bạn thêm (như thông tin thẻ ngân hàng, Alipay hoặc WeChat), bằng chứng khiếu nại, địa chỉ nạp tiền, địa chỉ rút tiền đã lưu, số dư và lịch sử giao dịch.
Dữ liệu kỹ thuật: địa chỉ IP, thông tin thiết bị và trình duyệt, mã định danh thiết bị do ứng dụng lưu, đăng ký nhận thông báo đẩy, cùng thời gian và kết quả của mỗi lần đăng nhập.

2. Chúng tôi dùng dữ liệu để làm gì
Để vận hành tài khoản của bạn, chuyển tin nhắn và thông báo, khớp và tất toán các lệnh C2C, giữ cho số dư ví chính xác, giải quyết khiếu nại, bảo vệ tài khoản của bạn (ví dụ báo cho bạn khi có lần đăng nhập từ thiết bị mới và giữ lại các lệnh rút có rủi ro để duyệt), ngăn chặn gian lận và lạm dụng, và thực hiện các nghĩa vụ pháp lý.

3. Ai có thể xem
Những thành viên trò chuyện với bạn thấy tin nhắn, biệt danh, ảnh đại diện và ID thành viên của bạn; tên đăng nhập của bạn chỉ hiển thị với bạn bè. Bạn bè thấy các khoảnh khắc của bạn. Trong một lệnh, bên kia thấy thông tin thanh toán cần thiết để trả tiền cho bạn. Nhân viên hỗ trợ thấy các tin nhắn bạn gửi cho bộ phận chăm sóc khách hàng, cùng chi tiết lệnh và bằng chứng khi có khiếu nại. Chúng tôi chia sẻ dữ liệu với các nhà cung cấp dịch vụ giúp vận hành dịch vụ, và với cơ quan chức năng khi pháp luật yêu cầu. Chúng tôi không bán dữ liệu cá nhân của bạn.

4. Dữ liệu blockchain
Các giao dịch nạp và rút được ghi lại trên blockchain công khai. Địa chỉ và số tiền trên đó vốn công khai, và chúng tôi không thể xóa chúng.

5. Chúng tôi lưu giữ trong bao lâu
Chúng tôi lưu hồ sơ tài khoản và giao dịch trong suốt thời gian tài khoản của bạn tồn tại, và sau đó trong thời hạn mà pháp luật yêu cầu đối với hồ sơ tài chính. Xóa một tin nhắn hoặc một cuộc trò chuyện chỉ xóa nó khỏi màn hình của riêng bạn; các thành viên khác vẫn giữ bản của họ. Tin nhắn bạn thu hồi trong vòng 2 phút sẽ bị thu hồi với tất cả mọi người. Các tệp có thể vẫn còn trong bản sao lưu trong một thời gian giới hạn.

6. Bảo mật
Mật khẩu của bạn chỉ được lưu dưới dạng bản băm có muối (salt); mã PIN thanh toán và mã khôi phục được lưu dưới dạng bản băm có muối, kết hợp với một khóa bí mật được cất giữ bên ngoài cơ sở dữ liệu, nên không thể đọc ngược ra giá trị gốc. Kết nối được mã hóa, chỉ những nhân viên cần đến mới được truy cập dữ liệu cá nhân, và nhân viên đăng nhập bằng lớp xác thực thứ hai. Bạn có thể thêm khóa truy cập hoặc ứng dụng xác thực, và xem các lần đăng nhập gần đây trong mục Hoạt động đăng nhập. Sau khi bạn đổi mật khẩu hoặc mã PIN thanh toán, các lệnh rút phải chờ duyệt trong một thời gian, để người chiếm được tài khoản của bạn không thể rút sạch tiền ngay lập tức. Không có hệ thống nào an toàn tuyệt đối: hãy giữ kín mật khẩu, mã PIN và các mã khôi phục của bạn.

7. Lựa chọn của bạn
Bạn có thể xem và chỉnh sửa hồ sơ trong ứng dụng, chặn thành viên, tắt thông báo trong phần cài đặt của thiết bị hoặc trình duyệt, và yêu cầu đơn vị vận hành cung cấp bản sao hoặc xóa dữ liệu của bạn, trừ những hồ sơ mà pháp luật buộc chúng tôi phải lưu giữ.

8. Thay đổi
Khi chính sách thay đổi, chúng tôi sẽ hiển thị phiên bản cập nhật trong ứng dụng. Các câu hỏi về quyền riêng tư có thể gửi qua mục Trợ giúp & góp ý trong ứng dụng.`,

  aboutUs: `Giới thiệu ${appName}

${appName} là ứng dụng trò chuyện tối giản, tích hợp sẵn ví USDT và chợ giao dịch ngang hàng (P2P).

Trò chuyện với bạn bè một-một hoặc theo nhóm, gửi tin nhắn thoại, ảnh, video và tệp, chia sẻ khoảnh khắc với bạn bè, và chia sẻ mã QR của bạn để kết nối.

Mua bán USDT trực tiếp với các thành viên khác trên chợ C2C. Thanh toán bằng thẻ ngân hàng, Alipay, WeChat hoặc cổng thanh toán thẻ; coin của người bán được ký quỹ cho đến khi lệnh hoàn tất, và đội ngũ hỗ trợ xử lý các khiếu nại.

Giữ USDT trong ví, nạp và rút qua TRC20, ERC20 hoặc BEP20, chuyển tiền tức thì cho thành viên khác bằng ID thành viên, và gửi tiền hay lì xì ngay trong cuộc trò chuyện.

Bảo vệ tài khoản bằng mã PIN thanh toán và, nếu muốn, bằng khóa truy cập hoặc ứng dụng xác thực.

Dịch vụ ${appName} này do đơn vị vận hành chạy trên phần mềm tự lưu trữ (self-hosted). Nếu cần trợ giúp, hãy dùng mục Trợ giúp & góp ý hoặc Khiếu nại trong ứng dụng.`,
});
