final class ViewModelWithPropertyWrappers {
    @Dependency var loginService: LoginServiceProtocol
    @Dependency var userSession: UserSessionProtocol
    // ...
}
